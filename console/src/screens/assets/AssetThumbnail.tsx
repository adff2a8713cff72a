import { Center, Image, Text } from '@mantine/core';
import type { ReactElement } from 'react';

const SIZE = 56;

/** Images the browser draws in an `<img>` (no script runs in one, an SVG's included). */
const isImage = (contentType: string) => contentType.toLowerCase().startsWith('image/');

/**
 * An asset's thumbnail in the media library: an image drawn small from its public link (loaded only once scrolled
 * near), any other file its type's extension.
 */
export function AssetThumbnail({
  url,
  filename,
  contentType,
}: {
  url: string;
  filename: string;
  contentType: string;
}): ReactElement {
  if (isImage(contentType))
    return (
      <Image
        src={url}
        alt={`Preview of ${filename}`}
        w={SIZE}
        h={SIZE}
        fit="cover"
        radius="sm"
        loading="lazy"
        style={{ border: '1px solid var(--mantine-color-gray-4)' }}
      />
    );
  const extension = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toUpperCase() ?? 'FILE';
  return (
    <Center
      w={SIZE}
      h={SIZE}
      bg="gray.1"
      style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-4)' }}
      aria-label={`${extension} file, no preview`}
      role="img"
    >
      <Text size="xs" fw={700} c="gray.9">
        {extension}
      </Text>
    </Center>
  );
}

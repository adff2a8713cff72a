import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** An asset's public link: opened in a new tab, and copied with one click. */
export function AssetLinkCopy({ url, filename }: { url: string; filename: string }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
      <Anchor
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        truncate="end"
        style={{ minWidth: 0 }}
        aria-label={`Open ${filename}`}
      >
        {filename}
      </Anchor>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Link copied' : 'Copy the public link'} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal.9' : 'gray.8'}
              onClick={copy}
              aria-label={copied ? `Link of ${filename} copied` : `Copy the link of ${filename}`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
      <Text size="xs" c="dimmed" visibleFrom="md" truncate="start" style={{ minWidth: 0, maxWidth: 280 }}>
        {url}
      </Text>
    </Group>
  );
}

import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { plainWords } from '../../api/api-error';
import { AssetLinkCopy } from './AssetLinkCopy';
import { assetSize } from './asset-size';
import { type Asset, uploadAsset } from './upload-asset';

interface Upload {
  key: string;
  file: File;
  fraction: number;
  asset?: Asset;
  error?: string;
}

/**
 * Files dropped (or chosen) are uploaded one after another, one per request as the API takes them, each with its
 * progress, then its public link to open or copy.
 */
export function AssetUploadZone() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef(Promise.resolve());
  const cancel = useRef(new AbortController());
  const update = (key: string, changes: Partial<Upload>) =>
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)));

  const start = (files: File[]) => {
    const added = files.map((file) => ({ key: crypto.randomUUID(), file, fraction: 0 }));
    setUploads((all) => [...added, ...all]);
    for (const upload of added) {
      queue.current = queue.current.then(async () => {
        try {
          const asset = await uploadAsset(
            upload.file,
            (fraction) => update(upload.key, { fraction }),
            cancel.current.signal,
          );
          update(upload.key, { asset, fraction: 1 });
          await queryClient.invalidateQueries({ queryKey: ['assets'] });
        } catch (error) {
          update(upload.key, { error: plainWords(error) });
        }
      });
    }
  };
  const busy = uploads.some((upload) => !upload.asset && !upload.error);

  return (
    <Stack>
      <Dropzone
        onDrop={start}
        multiple
        aria-label="Upload files: drop them here or press Enter to choose"
        inputProps={{ 'aria-label': 'Files to upload' }}
      >
        <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }}>
          <IconUpload size={40} stroke={1.5} aria-hidden />
          <div>
            <Text size="lg" inline>
              Drop files here, or click to choose them
            </Text>
            <Text size="sm" c="dimmed" inline mt={7} display="block">
              Each file gets a public link. The same content uploaded again gives the link it already has.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {uploads.length > 0 && (
        <Stack gap="xs" aria-label="Uploads" role="list">
          {uploads.map((upload) => (
            <Stack key={upload.key} gap={4} role="listitem">
              <Group justify="space-between" wrap="nowrap">
                {upload.asset ? (
                  <AssetLinkCopy url={upload.asset.url} filename={upload.asset.filename} />
                ) : (
                  <Text size="sm" truncate="end">
                    {upload.file.name}
                  </Text>
                )}
                <Text size="xs" c={upload.error ? 'red.8' : 'dimmed'} style={{ flexShrink: 0 }}>
                  {upload.error
                    ? 'failed'
                    : upload.asset
                      ? `${assetSize(upload.asset.size)} · ${upload.asset.contentType}`
                      : `${Math.round(upload.fraction * 100)} % of ${assetSize(upload.file.size)}`}
                </Text>
              </Group>
              {!upload.asset && !upload.error && (
                <Progress value={upload.fraction * 100} animated aria-label={`Uploading ${upload.file.name}`} />
              )}
              {upload.error && (
                <Text size="sm" c="red.8" role="alert">
                  {upload.file.name}: {upload.error}
                </Text>
              )}
            </Stack>
          ))}
          {busy && (
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  cancel.current.abort();
                  cancel.current = new AbortController();
                }}
              >
                Cancel the current upload
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

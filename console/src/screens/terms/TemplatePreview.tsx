import { Box, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

/**
 * The template as a browser shows it, in a frame that may run nothing: `sandbox=""` gives it an opaque origin with
 * scripts, forms, pop-ups and top navigation all off, so a template's markup cannot reach the console or its token.
 * The frame inherits the console's Content-Security-Policy (srcdoc documents do), which is stricter still.
 */
export function TemplatePreview({ template, title }: { template: string; title: string }) {
  const [shown] = useDebouncedValue(template, 250);
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        Preview
      </Text>
      <iframe sandbox="" srcDoc={shown} title={title} style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)', background: 'white' }} />
      <Text size="xs" c="dimmed" mt={4}>
        Shown as written: placeholders stay as they are, and scripts do not run.
      </Text>
    </Box>
  );
}

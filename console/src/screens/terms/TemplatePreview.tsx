import { Box, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

/** The nonce the server put in this page's policy (style-src-elem): the frame inherits that policy. */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;

/**
 * The template's own <style> elements carry the page's nonce, or the inherited policy would refuse them and the
 * preview would not look like the page buyers see. Only styles gain it: scripts stay off (the sandbox, and a
 * script-src without nonces), and the styles apply inside the frame only.
 */
export function previewDocument(template: string): string {
  return styleNonce ? template.replace(/<style\b/gi, `<style nonce="${styleNonce}"`) : template;
}

/**
 * The template as a browser shows it, in a frame that may run nothing: `sandbox=""` gives it an opaque origin with
 * scripts, forms, pop-ups and top navigation all off, so a template's markup cannot reach the console or its token.
 * The frame inherits the console's Content-Security-Policy (srcdoc documents do), so it reaches no other origin
 * either. The policy needs no frame-src: a srcdoc frame loads nothing, and default-src 'self' covers the rest.
 */
export function TemplatePreview({ template, title }: { template: string; title: string }) {
  const [shown] = useDebouncedValue(template, 250);
  return (
    <Box>
      <Text size="sm" fw={500} mb={4}>
        Preview
      </Text>
      <iframe
        sandbox=""
        srcDoc={previewDocument(shown)}
        title={title}
        style={{
          width: '100%',
          height: 420,
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
        }}
      />
      <Text size="xs" c="dimmed" mt={4}>
        Shown as written: placeholders stay as they are, and scripts do not run.
      </Text>
    </Box>
  );
}

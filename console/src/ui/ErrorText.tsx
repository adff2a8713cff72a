import { Text, type TextProps } from '@mantine/core';
import type { ReactElement } from 'react';
import { plainWords } from '../api/api-error';

/**
 * Why a request failed, in plain words, where the part of the page that asked for it is: announced as an alert, so a
 * screen reader hears it without moving there. Nothing while there is no error.
 */
export function ErrorText({ error, ...text }: { error: unknown } & TextProps): ReactElement | null {
  if (!error) return null;
  return (
    <Text c="red" size="sm" role="alert" {...text}>
      {plainWords(error)}
    </Text>
  );
}

import { Button, type ButtonProps } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { ErrorText } from './ErrorText';

/**
 * A button that runs one request: busy while it runs, and why it failed beside it. What a success shows (a
 * notification, a secret shown once) is the mutation's own `onSuccess`, or the caller's reading of `mutation.data`.
 */
export function MutationButton({
  mutation,
  run = () => mutation.mutate(undefined),
  busy = false,
  children,
  ...button
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any answer and error; the button reads only its state.
  mutation: UseMutationResult<any, unknown, any, any>;
  /** Starts the request; by default the mutation without a variable. */
  run?: () => void;
  /** Still working after the request answered (a worker is awaited). */
  busy?: boolean;
  children: ReactNode;
} & Omit<ButtonProps, 'loading' | 'children'>): ReactElement {
  return (
    <>
      <Button onClick={run} loading={mutation.isPending || busy} {...button}>
        {children}
      </Button>
      <ErrorText error={mutation.error} />
    </>
  );
}

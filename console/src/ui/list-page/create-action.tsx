import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { LinkOptions } from '@tanstack/react-router';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { useCan } from '../../auth/principal';
import { RouteButtonLink } from '../RouteButtonLink';

/** A dialog that makes a record of the list, opened by the list's "New" button. */
export type CreateDialog = ComponentType<{ opened: boolean; onClose: () => void }>;

interface CreateWords {
  /** The scope writing the kind needs: without it there is neither button nor hint. */
  scope: string;
  /** The button's words, when not "New" and the list's noun. */
  label?: string;
  /** How the empty list's hint says it ("Create one with …"). */
  verb?: 'Create' | 'Write' | 'Add';
  /** What making one is for, said after the button's name in the empty list's hint. */
  purpose?: string;
}

/** How a list makes a new record: in a dialog of its own, or on the record's page (`new`). */
export type CreateAction = CreateWords & ({ dialog: CreateDialog } | { to: LinkOptions });

/**
 * The "New" button of a list, the dialog it opens, and the empty list's hint naming it; nothing without the scope.
 * The same elements while nothing of them changes: a list's page arriving does not render a closed dialog again.
 */
export function useCreateAction(
  create: CreateAction | undefined,
  noun: string,
): { button?: ReactNode; dialog?: ReactNode; hint?: string } {
  const can = useCan();
  const allowed = create !== undefined && can(create.scope);
  const [opened, { open, close }] = useDisclosure();
  return useMemo(() => {
    if (!create || !allowed) return {};
    const label = create.label ?? `New ${noun}`;
    const hint = `${create.verb ?? 'Create'} one with "${label}"${create.purpose ? ` ${create.purpose}` : ''}.`;
    if ('to' in create) return { button: <RouteButtonLink {...create.to}>{label}</RouteButtonLink>, hint };
    const Dialog = create.dialog;
    return {
      button: <Button onClick={open}>{label}</Button>,
      dialog: <Dialog opened={opened} onClose={close} />,
      hint,
    };
  }, [create, allowed, noun, opened, open, close]);
}

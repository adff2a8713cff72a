import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type MantineButtonAnchorProps = ButtonProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function MantineButtonAnchor(props: MantineButtonAnchorProps) {
  return <Button component="a" {...props} />;
}

const CreatedRouteButtonLink = createLink(MantineButtonAnchor);

/** A Mantine button that is a typed route link (a link for the keyboard and screen readers, a button to the eye). */
export const RouteButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => (
  <CreatedRouteButtonLink preload="intent" {...props} />
);

import {
  Anchor,
  AppShell,
  Badge,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { usePrincipal } from '../auth/principal';
import { signOut } from '../auth/sign-in-flow';
import { CommandPalette, PaletteButton } from './CommandPalette';
import { visibleSections } from './navigation';

/** The frame of every signed-in screen: the sections the principal may see, who is signed in, sign-out. */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure();
  const principal = usePrincipal();
  const path = useRouterState({ select: (state) => state.location.pathname });
  const visible = visibleSections(principal);
  const groups = [...new Set(visible.map((section) => section.group))];
  const active = (to: string) =>
    to === '/'
      ? path === '/' || path === '/console/' || path === '/console'
      : path.replace(/^\/console/, '').startsWith(to);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <Anchor href="#main" className="skip-link">
        Skip to content
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Title order={2} size="h4">
              Commerce Platform
            </Title>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <PaletteButton />
            <Badge variant="light" visibleFrom="xs" title="realm">
              {principal?.realm}
            </Badge>
            <Text size="sm" visibleFrom="sm">
              {principal?.username}
            </Text>
            <UnstyledButton onClick={() => void signOut()} px="xs" py={4} style={{ borderRadius: 4 }}>
              <Text size="sm" fw={600}>
                Sign out
              </Text>
            </UnstyledButton>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sections">
        <ScrollArea>
          <Stack gap="sm">
            {groups.map((group) => (
              <div key={group}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                  {group}
                </Text>
                {visible
                  .filter((section) => section.group === group)
                  .map((section) => (
                    <NavLink
                      key={section.to}
                      component={Link}
                      to={section.to}
                      label={section.label}
                      active={active(section.to)}
                      variant="filled"
                      onClick={close}
                    />
                  ))}
              </div>
            ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <CommandPalette />
    </AppShell>
  );
}

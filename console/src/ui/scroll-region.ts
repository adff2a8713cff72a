/** A table wider than its box scrolls sideways: its scroll area is a named region the keyboard can reach. */
export const scrollRegion = (name: string) => ({
  viewportProps: { tabIndex: 0, role: 'region', 'aria-label': name },
});

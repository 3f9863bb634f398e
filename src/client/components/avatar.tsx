/**
 * A person's initial in a coloured disc. The letter is drawn by CSS (`data-initial`), not as text, so a
 * button holding it is named by its visible name alone (axe's label-content-name-mismatch).
 */
export function Avatar({ name }: { name: string }) {
  return <span className="avatar" aria-hidden data-initial={name.slice(0, 1).toUpperCase() || '?'} />;
}

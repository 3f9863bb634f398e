import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Modal } from '@client/components/modal';

/** A page with a button that opens a dialog, as a member sees one. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open notice
      </button>
      {open && (
        <Modal title="Notice" closeLabel="Close" onClose={() => setOpen(false)}>
          <p>Maintenance tonight</p>
        </Modal>
      )}
    </>
  );
}

describe('a dialog and the keyboard', () => {
  it('takes the focus once it is drawn, closes on Escape and gives the focus back to what opened it', async () => {
    const user = userEvent.setup();
    render(<PageWithDialog />);
    const opener = screen.getByRole('button', { name: 'Open notice' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    await waitFor(() => expect(dialog).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('does not move the focus in the commit that mounts it, which would make the browser lay the page out in that task (issue 15)', async () => {
    render(
      <Modal title="Notice" closeLabel="Close">
        <p>Maintenance tonight</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Notice' });
    // The commit and its effects have run: the focus has not moved yet, and moves after the next frame.
    expect(dialog).not.toHaveFocus();
    await waitFor(() => expect(dialog).toHaveFocus());
  });

  it('leaves the focus on a field inside it that took the focus first', async () => {
    render(
      <Modal title="Sign in" closeLabel="Close">
        <label>
          Username
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the case under test */}
          <input autoFocus />
        </label>
      </Modal>,
    );
    const field = screen.getByRole('textbox', { name: 'Username' });
    expect(field).toHaveFocus();
    // Past the frame after which the dialog would take the focus.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(field).toHaveFocus();
  });
});

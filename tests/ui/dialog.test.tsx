import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, useDialogClose } from '../../src/ui/dialog';

function CancelButton({ onCancel }: { onCancel: () => void }) {
  const cancel = useDialogClose(onCancel);
  return (
    <button type="button" onClick={cancel}>
      Cancel
    </button>
  );
}

/** A dialog with a one-field form, as the app's form dialogs are, and a field outside any form. */
function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <Dialog open={open} onClose={close} title="Add thing">
      {open ? (
        <>
          <form>
            <label>
              Name
              <input name="name" />
            </label>
            <CancelButton onCancel={close} />
          </form>
          <label>
            Scratch
            <input name="scratch" />
          </label>
        </>
      ) : null}
    </Dialog>
  );
}

function setup() {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<Harness onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Add thing' });
  return { onClose, user, dialog, name: screen.getByLabelText('Name') };
}

describe('Dialog: closing by the backdrop', () => {
  it('does not close when a press inside the panel is released on the backdrop', async () => {
    const { onClose, user, dialog, name } = setup();
    await user.type(name, 'Tennis Court North');
    // A text selection dragged from the Name field out past the panel: the browser sends the
    // click to the <dialog> box (the common ancestor), though the press began in the field.
    fireEvent.pointerDown(name);
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute('open');
    expect(name).toHaveValue('Tennis Court North');
    expect(screen.queryByText('Discard your changes?')).toBeNull();
  });

  it('closes at once on a press and release both on the backdrop, when nothing was typed', () => {
    const { onClose, dialog } = setup();
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('Dialog: unsaved changes', () => {
  it('asks before Escape discards what was typed; Keep editing keeps it', async () => {
    const { onClose, user, dialog, name } = setup();
    await user.type(name, 'Pool');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    const confirm = screen.getByRole('group', { name: 'Discard your changes?' });
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(confirm).not.toBeInTheDocument();
    expect(name).toHaveValue('Pool');
    expect(dialog).toHaveAttribute('open');
  });

  it('asks on the backdrop, the Close button and Cancel; Discard closes', async () => {
    const { onClose, user, dialog, name } = setup();
    await user.type(name, 'Pool');

    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.getByText('Discard your changes?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    // Focus goes back where it was when the close was asked.
    expect(name).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Discard your changes?')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).not.toHaveAttribute('open');
  });

  it('closes at once when only a field outside any form was used', async () => {
    const { onClose, user } = setup();
    await user.type(screen.getByLabelText('Scratch'), '12');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks when the browser requests a close (Android back) and cancels it', async () => {
    const { onClose, user, dialog, name } = setup();
    await user.type(name, 'Pool');
    const request = new Event('cancel', { cancelable: true });
    fireEvent(dialog, request);
    expect(request.defaultPrevented).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Discard your changes?')).toBeInTheDocument();
  });
});

describe('Dialog: long names', () => {
  it('wraps a long unbroken title and text inside the panel rather than widening it', () => {
    const long = 'x'.repeat(100);
    render(
      <Dialog open onClose={() => {}} title={`Delete ${long}?`} description={`${long} stops.`}>
        <p>{long} is removed.</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: `Delete ${long}?` });
    const title = screen.getByRole('heading', { name: `Delete ${long}?` });
    // jsdom lays nothing out: what makes them wrap at a phone's width is overflow-wrap:anywhere
    // on the panel, which every title, description and body text inherits, and a title column
    // that may shrink beside the Close button.
    const panel = title.closest('.wrap-anywhere');
    expect(panel).not.toBeNull();
    expect(panel).not.toBe(dialog);
    expect(dialog).toContainElement(panel as HTMLElement);
    expect(panel).toContainElement(screen.getByText(`${long} stops.`));
    expect(panel).toContainElement(screen.getByText(`${long} is removed.`));
    expect(title.parentElement).toHaveClass('min-w-0');
  });
});

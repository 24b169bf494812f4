import { useState, type ComponentType } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';

type Props = {
  /** useUnsavedChanges' rule: which navigations leave the form. */
  shouldBlock: BlockerFunction;
  /** The question (UnsavedChangesDialog, or a lazily loaded one), mounted from the first time it is asked. */
  Dialog: ComponentType<{ blocker: Blocker }>;
};

/**
 * Holds a navigation away from a form with changes, and asks. A form renders it only once it has
 * changes (useUnsavedChanges' `changed`): while any blocker is registered, React Router warns in
 * the console at every in-page link (#zutaten, the skip link), a step in the history it did not make.
 */
export function LeaveGuard({ shouldBlock, Dialog }: Props) {
  const blocker = useBlocker(shouldBlock);
  // Mounted from the first question on: the dialog closes with its transition and hands the focus back.
  const [asked, setAsked] = useState(false);
  if (blocker.state === 'blocked' && !asked) setAsked(true);
  return asked ? <Dialog blocker={blocker} /> : null;
}

import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { useBlocker, type Blocker, type BlockerFunction } from 'react-router';
import type { ChangeFlag } from './use-unsaved-changes.ts';

type Props = {
  /** useUnsavedChanges' flag: the guard holds navigations only from the form's first change on. */
  changes: ChangeFlag;
  /** useUnsavedChanges' rule: which navigations leave the form. */
  shouldBlock: BlockerFunction;
  /** The question (UnsavedChangesDialog, or a lazily loaded one), mounted from the first time it is asked. */
  Dialog: ComponentType<{ blocker: Blocker }>;
};

/**
 * Holds a navigation away from a form with changes, and asks. The blocker exists only once the form
 * has changes: while any blocker is registered, React Router warns in the console at every in-page
 * link (#zutaten, the skip link), a step in the history it did not make.
 */
export function LeaveGuard({ changes, ...blocking }: Props) {
  const changed = useSyncExternalStore(changes.subscribe, changes.isRaised, () => false);
  return changed ? <ActiveGuard {...blocking} /> : null;
}

function ActiveGuard({ shouldBlock, Dialog }: Omit<Props, 'changes'>) {
  const blocker = useBlocker(shouldBlock);
  // Mounted from the first question on: the dialog closes with its transition and hands the focus back.
  const [asked, setAsked] = useState(false);
  if (blocker.state === 'blocked' && !asked) setAsked(true);
  return asked ? <Dialog blocker={blocker} /> : null;
}

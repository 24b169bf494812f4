// Another instance's change as it arrives on the content channel (PostgreSQL's
// NOTIFY): its scope decides whether the pictures' memory is emptied too. The
// messages are handed to the handler directly; the two-instance tests
// (tests/e2e/postgres-instances.test.ts) show the way through PostgreSQL.
import { expect, test } from 'vitest';
import { onContentChange, onInstanceMessage, picturesVersion, type ChangeScope } from '../../app/lib/content-version.server.ts';
import { useTestDatabase } from '../support/test-db.ts';

useTestDatabase();

/** The scopes this instance marks on hearing `message`. */
function scopesHeard(message: string) {
  const heard: ChangeScope[] = [];
  const stopListening = onContentChange((scope) => heard.push(scope));
  try {
    onInstanceMessage(message);
  } finally {
    stopListening();
  }
  return heard;
}

test('a change of pages leaves the pictures’ memory; a change of everything empties it', () => {
  const before = picturesVersion();
  expect(scopesHeard('change other-instance 1 pages')).toEqual(['pages']);
  expect(picturesVersion()).toBe(before);
  expect(scopesHeard('change other-instance 2 everything')).toEqual(['everything']);
  expect(picturesVersion()).toBe(before + 1);
});

test('a change without a scope (an older instance during a rolling update) or with one unknown counts as everything', () => {
  const before = picturesVersion();
  expect(scopesHeard('change older-instance 1')).toEqual(['everything']);
  expect(scopesHeard('change newer-instance 1 comments')).toEqual(['everything']);
  expect(scopesHeard('')).toEqual(['everything']); // the oldest instances send an empty NOTIFY
  expect(picturesVersion()).toBe(before + 3);
});

test('messages that are not changes mark nothing', () => {
  const before = picturesVersion();
  expect(scopesHeard('hello other-instance')).toEqual([]);
  expect(scopesHeard('ack someone-else 1 other-instance')).toEqual([]);
  expect(scopesHeard('change')).toEqual([]); // no sender, no sequence
  expect(picturesVersion()).toBe(before);
});

import { Fragment } from 'react';
import { MARK_END, MARK_START } from '../search-terms.ts';

/**
 * A search hit's text with its matches in <mark>: the database marks them with
 * two control characters (search-terms.ts), this turns the pieces into React
 * elements. Everything stays text: nothing a user wrote is read as HTML.
 */
export function MarkedText({ text }: { text: string }) {
  const pieces: Array<{ text: string; marked: boolean }> = [];
  let marked = false;
  let current = '';
  for (const char of text) {
    if (char === MARK_START || char === MARK_END) {
      if (current) pieces.push({ text: current, marked });
      current = '';
      marked = char === MARK_START;
    } else {
      current += char;
    }
  }
  if (current) pieces.push({ text: current, marked });
  return (
    <>
      {pieces.map((piece, i) => (piece.marked ? <mark key={i}>{piece.text}</mark> : <Fragment key={i}>{piece.text}</Fragment>))}
    </>
  );
}

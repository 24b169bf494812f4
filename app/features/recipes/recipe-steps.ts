// The preparation text as steps, for the page, cook mode and the structured
// data alike, so that "Schritt 3" means the same everywhere.

/** A step of the preparation: its anchor on the page, its text as written, and without a leading "1." for machines. */
export type RecipeStep = { anchor: string; display: string; text: string };

/** A line that starts a numbered step: "1.", "2)", "3 -" (a number alone, then a mark and a space). */
export const NUMBERED_STEP = /^\s*\d{1,2}\s*[.):-]\s+/;

/**
 * The preparation text as steps: numbered lines ("1. …") when it has at
 * least two of them, else its paragraphs (blank-line separated), else its
 * lines. The page shows each with the id `schritt-N`, the anchor JSON-LD's
 * HowToStep url points to, so both always agree.
 */
export function recipeSteps(description: string): RecipeStep[] {
  const text = description.replace(/\r\n?/g, '\n').trim();
  const lines = text.split('\n');
  let parts: string[];
  if (lines.filter((line) => NUMBERED_STEP.test(line)).length >= 2) {
    // Lines before the first number belong to a step of their own; others continue the step above.
    parts = [];
    for (const line of lines) {
      if (NUMBERED_STEP.test(line) || parts.length === 0) parts.push(line);
      else parts[parts.length - 1] += `\n${line}`;
    }
  } else {
    const paragraphs = text.split(/\n\s*\n/);
    parts = paragraphs.length > 1 ? paragraphs : lines;
  }
  return parts
    .map((part) => part.trim())
    .filter(Boolean)
    .map((display, index) => ({
      anchor: `schritt-${index + 1}`,
      display,
      text: display.replace(NUMBERED_STEP, '').replace(/\s*\n\s*/g, ' '),
    }));
}

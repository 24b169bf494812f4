// When the server itself fails (here: the database goes away), visitors get
// the German error page with status 500, not a stack trace or a blank page.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { getConnection, setDatabase } from '../../app/db/client.server.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.stop();
});

test('a failing database gives the German error page with status 500', async () => {
  const connection = getConnection();
  setDatabase(undefined); // every query now throws, as with a lost database server
  try {
    const response = await fetch(`${app.url}/hauptgang`);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Da ist leider etwas schiefgelaufen.');
    expect(html).not.toMatch(/at \w+ \(|node_modules|\.server\.ts/); // no stack trace for visitors
  } finally {
    setDatabase(connection);
  }
  expect((await fetch(`${app.url}/hauptgang`)).status).toBe(200);
});

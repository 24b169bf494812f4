import { data } from 'react-router';
import { createAntiBotChallenge } from '../lib/anti-bot.server.ts';

/** A fresh proof-of-work challenge for the sign-up and reset forms (JSON, never cached). */
export async function loader() {
  return data(await createAntiBotChallenge(), { headers: { 'Cache-Control': 'no-store' } });
}

// Outgoing mail. With SMTP_URL set it is delivered over SMTP; without it the
// whole mail (links included) is printed to the server log, so a local
// installation works with zero set-up. That log line is the one documented
// exception to "no tokens in the log" (see the README, configuration: SMTP_URL).
import type { Transporter } from 'nodemailer';
import { getEnv } from './env.server.ts';
import { log } from './logger.server.ts';

export type Mail = { to: string; subject: string; text: string; html: string };

let transport: { url: string; transporter: Transporter } | undefined;

/** nodemailer comes with the first mail, not with the server (it is a tenth of the server's code). */
async function getTransporter(url: string) {
  if (transport?.url !== url) {
    const { default: nodemailer } = await import('nodemailer');
    if (transport?.url !== url) transport = { url, transporter: nodemailer.createTransport(url) };
  }
  return transport.transporter;
}

export async function sendMail(mail: Mail): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    if (env.LOG_LEVEL === 'silent') return;
    // Written directly, not through the logger: the logger would redact the link.
    process.stdout.write(
      `\n----- Mail (nicht versendet, SMTP_URL fehlt) -----\nAn: ${mail.to}\nBetreff: ${mail.subject}\n\n${mail.text}\n-----\n`,
    );
    return;
  }
  await (await getTransporter(env.SMTP_URL)).sendMail({ from: env.MAIL_FROM, ...mail });
  log.info('mail sent', { subject: mail.subject });
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A short German mail: greeting, text, one button-like link, plain and HTML. */
export function composeMail({
  to,
  subject,
  name,
  intro,
  linkLabel,
  url,
  outro,
}: {
  to: string;
  subject: string;
  name: string;
  intro: string;
  linkLabel: string;
  url: string;
  outro: string;
}): Mail {
  const text = `Hallo ${name}\n\n${intro}\n\n${linkLabel}:\n${url}\n\n${outro}\n\nLiebe Grüsse\nDein Chuchiblog`;
  const html = `<!doctype html><html lang="de-CH"><body style="font-family:Georgia,serif;color:#1d1b19;line-height:1.5">
<p>Hallo ${escapeHtml(name)}</p>
<p style="white-space:pre-line">${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#1d1b19;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(linkLabel)}</a></p>
<p style="font-size:13px;color:#555">Falls der Knopf nicht funktioniert, kopiere diesen Link in deinen Browser:<br>${escapeHtml(url)}</p>
<p>${escapeHtml(outro)}</p>
<p>Liebe Grüsse<br>Dein Chuchiblog</p>
</body></html>`;
  return { to, subject, text, html };
}

// Parts of the blog's text pages (imprint, privacy): a titled section the
// landmarks name, and who is responsible with their address.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

export function TextSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={headingId}>
      <Typography variant="h3" component="h2" id={headingId}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** The site owner from SITE_*: name, address and e-mail (and what a page adds below). */
export function OwnerContact({ owner, address, email, children }: { owner: string; address: string; email: string; children?: ReactNode }) {
  return (
    <Typography>
      {owner}
      <br />
      {address}
      <br />
      E-Mail: <a href={`mailto:${email}`}>{email}</a>
      {children}
    </Typography>
  );
}

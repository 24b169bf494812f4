import EmailIcon from '@mui/icons-material/Email';
import FacebookIcon from '@mui/icons-material/Facebook';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '../../../components/button-link.tsx';

/** Share links carry the recipe's absolute address (from PUBLIC_URL). */
export function ShareLinks({ title, url }: { title: string; url: string }) {
  const links = [
    { label: 'Facebook', icon: <FacebookIcon />, href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { label: 'Whatsapp', icon: <WhatsAppIcon />, href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    {
      label: 'E-Mail',
      icon: <EmailIcon />,
      href: `mailto:?subject=${encodeURIComponent(`Rezept: ${title}`)}&body=${encodeURIComponent(`Schau dir dieses Rezept an: ${url}`)}`,
    },
  ];
  return (
    <Stack component="section" aria-label="Rezept teilen" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Typography variant="subtitle1" component="h2">
        Rezept teilen:
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {links.map((link) => (
          <ButtonLink
            key={link.label}
            href={link.href}
            startIcon={link.icon}
            variant="outlined"
            size="small"
            {...(link.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {link.label}
          </ButtonLink>
        ))}
      </Stack>
    </Stack>
  );
}

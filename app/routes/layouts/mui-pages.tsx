import { Outlet } from 'react-router';
import { MuiTheme } from '../../theme/mui-theme.tsx';

/** The pages built with MUI components (forms, account, search, a tag page) get MUI's theme. */
export default function MuiPages() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}

import { NotificationsBell } from './NotificationsBell';
import { UserMenu } from './UserMenu';

/** The header's signed-in part: notifications bell and avatar menu (loaded lazily by AppHeader). */
export function SignedInActions() {
  return (
    <>
      <NotificationsBell />
      <UserMenu />
    </>
  );
}

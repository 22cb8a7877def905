// /profile: the account feature's page with the integrations feature's webhooks section in it. A feature
// never imports another feature; the screen that shows both is composed here (decision 240).
import { ProfilePage as AccountProfilePage } from '../features/account/components/ProfilePage.tsx';
import { WebhooksSection } from '../features/integrations/components/WebhooksSection.tsx';

export function ProfilePage() {
  return <AccountProfilePage webhooks={<WebhooksSection />} />;
}

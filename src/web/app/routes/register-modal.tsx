import { useNavigate, useSearchParams } from 'react-router';

import { RegisterModal } from '@/features/accounts/components/RegisterModal.js';
import { redirectIfSignedIn } from '@/features/accounts/route-guards.js';
import { documentTitle } from '@/lib/brand.js';

export async function registerModalLoader() {
  await redirectIfSignedIn('/account');
  return null;
}

/** /register-modal: the register modal on its own address (for links from e-mails and other pages); closing it goes home. */
export function RegisterModalPage() {
  const navigate = useNavigate();
  const [parameters] = useSearchParams();
  const redirectUrl = parameters.get('redirectUrl') ?? '/';

  return (
    <>
      <title>{documentTitle('Join Free')}</title>
      <RegisterModal
        open
        initialTab={parameters.get('tab') === 'login' ? 'login' : 'signup'}
        redirectUrl={redirectUrl}
        onClose={() => void navigate('/')}
      />
    </>
  );
}

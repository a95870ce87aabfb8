import { useTranslation } from 'react-i18next';
import { requireSession } from '#app/features/auth/lib/require-session';
import { DocumentDownloads } from '#app/features/documents/components/document-downloads';
import { TransactionDetail } from '#app/features/money/components/transaction-detail';
import { paths } from '#app/lib/paths';
import { useLocaleData } from '#app/lib/shell-data';
import { Link } from '#app/ui/link';
import type { Route } from './+types/wallet-transaction';

/** /wallet/transactions/{id}/ (clients): one statement entry and the payment behind it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  return null;
}

export default function WalletTransactionPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  return (
    <>
      <title>{`${t('walletScreens.detail.title')} · ${t('nav.brand')}`}</title>
      <Link
        to={paths.wallet(lang)}
        className="inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 hover:underline"
      >
        ‹ {t('walletScreens.detail.back')}
      </Link>
      <h1 className="mt-3 mb-6 text-2xl font-semibold">{t('walletScreens.detail.title')}</h1>
      <div className="flex flex-col gap-6">
        <TransactionDetail id={params.transactionId} language={lang} />
        <DocumentDownloads of={{ transactionId: params.transactionId }} language={lang} />
      </div>
    </>
  );
}

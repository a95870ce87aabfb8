import type { DirectoryProvider } from '@app/shared/schemas/bookings';
import { priceText } from '#app/lib/price';
import { useLang } from '#app/lib/use-lang';
import { useWords } from '#app/lib/words';

/** A provider's fee per session (free, not set yet), with the visitor's currency beside it when it differs. */
export function FeeText({
  fee,
  visitorFee,
}: {
  fee: DirectoryProvider['fee'];
  visitorFee?: DirectoryProvider['visitorFee'];
}) {
  const { t } = useWords();
  const lang = useLang();
  if (!fee) return <>{t('bookingScreens.directory.feeNotSet')}</>;
  if (fee.isFree) return <>{t('bookingScreens.free')}</>;
  return (
    <>
      {t('bookingScreens.perSession', { price: priceText(fee.amount, fee.currencyCode, lang) })}
      {visitorFee ? (
        <span className="ml-1 font-normal text-slate-600">
          {t('searchScreens.approximately', { price: priceText(visitorFee.amount, visitorFee.currencyCode, lang) })}
        </span>
      ) : null}
    </>
  );
}

import { balanceIn } from '@app/shared/money';
import type { Booking, PayBookingBody } from '@app/shared/schemas/bookings';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePaymentStatus } from '#app/api/get-payment-status';
import { showServerError } from '#app/api/server-errors';
import { requireSession } from '#app/features/auth/lib/require-session';
import { useBooking } from '#app/features/bookings/api/get-booking';
import { useBookingSeries } from '#app/features/bookings/api/get-booking-series';
import { isCardAnswer, usePayBooking } from '#app/features/bookings/api/pay-booking';
import { isSeriesCardAnswer, usePaySeries } from '#app/features/bookings/api/pay-series';
import { BookingFacts } from '#app/features/bookings/components/booking-facts';
import { BookingSteps } from '#app/features/bookings/components/booking-steps';
import { ChooseAnotherTime } from '#app/features/bookings/components/choose-another-time';
import { HoldCountdown } from '#app/features/bookings/components/hold-countdown';
import { type PaymentOutcome, PaymentReturn } from '#app/features/bookings/components/payment-return';
import { RefundTerms } from '#app/features/bookings/components/refund-terms';
import { type PayScope, SeriesPayChoice } from '#app/features/bookings/components/series-pay-choice';
import { SeriesLabel } from '#app/features/bookings/components/series-sessions';
import { needsPayment } from '#app/features/bookings/lib/rules';
import { useWalletBalance } from '#app/features/money/api/get-wallet-balance';
import { TopUpDialog } from '#app/features/money/components/top-up-dialog';
import { TopUpReturn } from '#app/features/money/components/top-up-return';
import { WALLET_MODALS } from '#app/features/money/lib/modals';
import { asCurrency } from '#app/lib/money';
import { paths } from '#app/lib/paths';
import { innerPaths } from '#app/lib/paths-inner';
import { priceText } from '#app/lib/price';
import { useLocaleData } from '#app/lib/shell-data';
import { useNow } from '#app/lib/use-now';
import { useViewerZone } from '#app/lib/viewer-zone';
import { Button } from '#app/ui/button';
import { cn } from '#app/ui/cn';
import { Link } from '#app/ui/link';
import { LoadGate } from '#app/ui/load-gate';
import { useModals } from '#app/ui/modal-manager';
import { PendingPayment } from '#app/ui/pending-payment';
import { Spinner } from '#app/ui/spinner';
import { useToast } from '#app/ui/toast';
import type { Route } from './+types/payment';

/**
 * /payment/{bookingId}/ (clients): pay a scheduled booking from the wallet (balance shown; too
 * little says so, with a top-up that comes back here) or by card (sandbox/Paystack checkout, back
 * here with ?reference=, the status polled under the pending-payment overlay) →
 * /appointment/confirmation/{id}/. The hold counts down live; the refund terms are stated before
 * paying; once the hold is over, "Choose another time" keeps the therapy and session type. A
 * session of a series with other unpaid sessions offers to pay them all at once (POST
 * /payment/series/{id}: one payment for their total) or only this one.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await requireSession(request, ['client']);
  return null;
}

export default function PaymentPage({ params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const reference = search.get('reference') ?? search.get('trxref');
  const booking = useBooking('client', params.bookingId);
  const [refunded, setRefunded] = useState(false);

  const onFinished = useCallback(
    (outcome: PaymentOutcome) => {
      if (outcome.kind === 'confirmed') {
        navigate(innerPaths.appointmentConfirmation(lang, outcome.booking.identifier), { replace: true });
        return;
      }
      if (outcome.kind === 'refunded') setRefunded(true);
      setSearch({}, { replace: true });
    },
    [lang, navigate, setSearch],
  );
  // Back from a wallet top-up started on this page: the same held booking, the balance refreshed.
  const onTopUpFinished = useCallback(() => setSearch({}, { replace: true }), [setSearch]);

  return (
    <>
      <title>{`${t('bookingScreens.payment.title')} · ${t('nav.brand')}`}</title>
      <h1 className="mb-4 text-2xl font-semibold">{t('bookingScreens.payment.title')}</h1>
      <BookingSteps current={3} />
      {reference ? (
        <CheckoutReturn
          key={reference}
          bookingId={params.bookingId}
          reference={reference}
          onFinished={onFinished}
          onTopUpFinished={onTopUpFinished}
        />
      ) : null}
      {refunded ? (
        <p
          role="alert"
          className="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          {t('bookingScreens.payment.slotLostRefunded')}
        </p>
      ) : null}
      <LoadGate query={booking}>{(data) => <PaymentBody booking={data} busy={reference !== null} />}</LoadGate>
    </>
  );
}

/**
 * Back from a card checkout: the payment's own purpose (GET /payment/status) says what it paid.
 * A top-up started from this page returns here (its callback path, checked by the API to be one
 * of ours) and the page stays on the held booking; a booking payment goes on to its outcome.
 */
function CheckoutReturn({
  bookingId,
  reference,
  onFinished,
  onTopUpFinished,
}: {
  bookingId: string;
  reference: string;
  onFinished(outcome: PaymentOutcome): void;
  onTopUpFinished(): void;
}) {
  const status = usePaymentStatus(reference);
  if (status.data?.purpose === 'top_up') return <TopUpReturn reference={reference} onFinished={onTopUpFinished} />;
  if (status.data || status.isError) {
    return <PaymentReturn bookingId={bookingId} reference={reference} onFinished={onFinished} />;
  }
  return <PendingPayment kind="paid" onRefresh={() => void status.refetch()} />;
}

function PaymentBody({ booking, busy }: { booking: Booking; busy: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLocaleData();
  const navigate = useNavigate();
  const zone = useViewerZone();
  const toast = useToast();
  const balance = useWalletBalance();
  const payOne = usePayBooking();
  const payAll = usePaySeries();
  const modals = useModals();
  const [method, setMethod] = useState<'wallet' | 'card' | null>(null);
  const [scope, setScope] = useState<PayScope>('series');
  // Every second: the hold counts down on the page, and a deadline that passes changes the words.
  const now = useNow(1_000);

  const paidAlready = booking.status === 'confirmed' || booking.isPaid;
  useEffect(() => {
    if (paidAlready && !busy) {
      navigate(innerPaths.appointmentConfirmation(lang, booking.identifier), { replace: true });
    }
  }, [paidAlready, busy, booking.identifier, lang, navigate]);

  const payable =
    booking.status === 'pending' &&
    booking.startAt !== null &&
    new Date(booking.startAt).getTime() > now &&
    booking.priceMinor > 0;
  // The series' sessions still to pay, this one among them: two or more can be paid at once.
  const series = useBookingSeries('client', booking.identifier, booking.series !== null);
  const unpaid = (series.data?.bookings ?? []).filter((item) => needsPayment(item, now));
  const canPayAll =
    payable &&
    booking.series !== null &&
    unpaid.length > 1 &&
    unpaid.some((item) => item.identifier === booking.identifier);
  const allAtOnce = canPayAll && scope === 'series';
  const amountMinor = allAtOnce ? unpaid.reduce((sum, item) => sum + item.priceMinor, 0) : booking.priceMinor;
  const price = priceText(amountMinor, booking.currencyCode, lang);
  const pending = payOne.isPending || payAll.isPending;
  // Until the series is known, the amount could still change from one session to the whole series.
  const blocked = pending || busy || (booking.series !== null && series.isPending);

  async function payWith(chosen: 'wallet' | 'card') {
    setMethod(chosen);
    const body: PayBookingBody =
      chosen === 'card'
        ? { method: 'card', callbackUrl: innerPaths.payment(lang, booking.identifier) }
        : { method: 'wallet' };
    try {
      if (allAtOnce && booking.series) {
        const answer = await payAll.mutateAsync({ seriesId: booking.series.identifier, body });
        if (isSeriesCardAnswer(answer)) {
          window.location.assign(answer.metadata.authorizationUrl);
          return;
        }
        toast.success(t('wallet.paymentSuccessful'));
        navigate(innerPaths.appointmentConfirmation(lang, booking.identifier));
        return;
      }
      const answer = await payOne.mutateAsync({
        bookingId: booking.identifier,
        body,
      });
      if (isCardAnswer(answer)) {
        window.location.assign(answer.metadata.authorizationUrl);
        return;
      }
      toast.success(t('wallet.paymentSuccessful'));
      navigate(innerPaths.appointmentConfirmation(lang, answer.identifier));
    } catch (error) {
      showServerError(error, { toast, t });
      void balance.refetch();
      setMethod(null);
    }
  }

  if (paidAlready) {
    return (
      <div className="flex justify-center py-10 text-brand-700">
        <Spinner />
      </div>
    );
  }

  const wallet = balance.data;
  // The wallet pays in the booking's currency: the home one, or money it holds in another one.
  const walletHere = wallet ? balanceIn(wallet, booking.currencyCode) : 0;
  const sameCurrency = wallet ? wallet.currency === booking.currencyCode : true;
  const enough = wallet ? walletHere >= amountMinor : false;
  const shownBalance =
    wallet && (sameCurrency || walletHere > 0)
      ? { amount: walletHere, currency: booking.currencyCode }
      : wallet && { amount: wallet.balance, currency: wallet.currency };
  const holdActive = booking.holdExpiresAt !== null && new Date(booking.holdExpiresAt).getTime() > now;
  // The hold lapsed (or the booking expired with it): the same therapy and session type, at another time.
  const anotherTime = (
    <ChooseAnotherTime booking={booking} onCreated={(next) => navigate(paths.bookingSchedule(lang, next.identifier))} />
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      {pending ? <PendingPayment kind="paid" onRefresh={() => window.location.reload()} /> : null}
      <div className="flex flex-col gap-4">
        {!payable ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <p role="alert" className="text-slate-800">
              {booking.status === 'pending' && booking.startAt === null
                ? t('bookingScreens.payment.noTime')
                : booking.status === 'expired'
                  ? t('bookingScreens.payment.holdExpiredChoose')
                  : t('bookingScreens.payment.notPayable')}
            </p>
            {booking.status === 'expired' ? anotherTime : null}
            <Link
              to={paths.appointments(lang)}
              className="mt-4 ml-0 inline-flex min-h-10 items-center rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 sm:ml-3"
            >
              {t('bookingScreens.confirmation.toAppointments')}
            </Link>
          </div>
        ) : (
          <>
            {booking.series ? (
              <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-800" data-testid="payment-series">
                {t(canPayAll ? 'bookingScreens.payment.seriesHint' : 'bookingScreens.payment.seriesHintOne', {
                  index: booking.series.index + 1,
                  count: booking.series.occurrences,
                })}
              </p>
            ) : null}
            {zone && booking.holdExpiresAt && holdActive ? (
              <HoldCountdown holdExpiresAt={booking.holdExpiresAt} zone={zone} now={now} />
            ) : null}
            {booking.holdExpiresAt && !holdActive ? (
              <div className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="hold-ended">
                <p role="alert">{t('bookingScreens.payment.holdEnded')}</p>
                {anotherTime}
              </div>
            ) : null}
            {zone ? <RefundTerms booking={booking} zone={zone} now={now} /> : null}
            {canPayAll ? (
              <SeriesPayChoice
                value={scope}
                onChange={setScope}
                unpaidCount={unpaid.length}
                totalMinor={unpaid.reduce((sum, item) => sum + item.priceMinor, 0)}
                priceMinor={booking.priceMinor}
                currencyCode={booking.currencyCode}
                disabled={blocked}
              />
            ) : null}
            <section
              aria-labelledby="pay-wallet"
              className={cn(
                'rounded-2xl border bg-white p-5 shadow-sm sm:p-6',
                method === 'wallet' ? 'border-brand-700' : 'border-slate-200',
              )}
            >
              <h2 id="pay-wallet" className="text-lg font-semibold">
                {t('bookingScreens.payment.wallet')}
              </h2>
              <p className="mt-1 text-sm text-slate-700" data-testid="wallet-balance">
                {balance.isPending ? (
                  <Spinner size="sm" />
                ) : balance.isError ? (
                  <span role="alert">{t('common.failedToLoad')}</span>
                ) : shownBalance ? (
                  t('bookingScreens.payment.balance', {
                    amount: priceText(shownBalance.amount, shownBalance.currency, lang),
                  })
                ) : null}
              </p>
              {wallet && !sameCurrency && !enough ? (
                <p role="alert" className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  {t('bookingScreens.payment.otherCurrency', { wallet: wallet.currency, price: booking.currencyCode })}
                </p>
              ) : wallet && !enough ? (
                <p role="alert" className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  {t('bookingScreens.payment.insufficient')}{' '}
                  <button
                    type="button"
                    onClick={() => modals.open(WALLET_MODALS.topUp)}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {t('bookingScreens.payment.topUp')}
                  </button>
                </p>
              ) : null}
              <Button
                className="mt-4 w-full sm:w-auto"
                onClick={() => void payWith('wallet')}
                loading={pending && method === 'wallet'}
                disabled={!enough || blocked}
              >
                {t('bookingScreens.payment.payWallet', { amount: price })}
              </Button>
            </section>
            <section
              aria-labelledby="pay-card"
              className={cn(
                'rounded-2xl border bg-white p-5 shadow-sm sm:p-6',
                method === 'card' ? 'border-brand-700' : 'border-slate-200',
              )}
            >
              <h2 id="pay-card" className="text-lg font-semibold">
                {t('bookingScreens.payment.card')}
              </h2>
              <p className="mt-1 text-sm text-slate-700">{t('bookingScreens.payment.cardHint')}</p>
              <Button
                variant="secondary"
                className="mt-4 w-full sm:w-auto"
                onClick={() => void payWith('card')}
                loading={pending && method === 'card'}
                disabled={blocked}
              >
                {t('bookingScreens.payment.payCard', { amount: price })}
              </Button>
            </section>
          </>
        )}
      </div>
      <aside
        aria-labelledby="payment-summary"
        className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="payment-summary" className="mb-4 font-semibold">
          {t('bookingScreens.payment.summary')}
        </h2>
        <SeriesLabel booking={booking} className="mb-3" />
        {zone ? <BookingFacts booking={booking} party="client" zone={zone} stacked /> : <Spinner />}
        <p className="mt-4 flex justify-between border-t border-slate-100 pt-4 font-semibold">
          <span>{t('bookingScreens.payment.total')}</span>
          <span>{price}</span>
        </p>
      </aside>
      {/* A card top-up's checkout comes back to this payment step, not to the wallet. */}
      <TopUpDialog
        currency={asCurrency(wallet?.currency ?? booking.currencyCode)}
        callbackUrl={innerPaths.payment(lang, booking.identifier)}
        accountPath={paths.account(lang)}
      />
    </div>
  );
}

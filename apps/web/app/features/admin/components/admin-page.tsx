import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of a back-office page: its <title>, heading and intro, then the content. */
export function AdminPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${title} · ${t('admin.title')} · ${t('nav.brand')}`}</title>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {intro ? <p className="mt-1 mb-6 max-w-3xl text-slate-600">{intro}</p> : <div className="mb-6" />}
      {children}
    </>
  );
}

import { data, useParams } from 'react-router';
import { NotFoundPage } from '#app/features/shell/components/not-found-page';

/** Any path no route claims: a real 404 status with the translated not-found page. */
export function loader() {
  throw data(null, { status: 404 });
}

export function ErrorBoundary() {
  const { lang } = useParams();
  return <NotFoundPage lang={lang === 'de' ? 'de' : 'en'} />;
}

export default function NotFound() {
  return null;
}

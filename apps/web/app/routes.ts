import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  route(':lang?', 'routes/locale-layout.tsx', [
    layout('routes/public-layout.tsx', [
      index('routes/home.tsx'),
      route('login', 'routes/login.tsx'),
      route('signup', 'routes/signup.tsx'),
      route('signup/provider', 'routes/signup-provider.tsx'),
      route('verify-email', 'routes/verify-email.tsx'),
      route('forgot-password', 'routes/forgot-password.tsx'),
      route('reset-password', 'routes/reset-password.tsx'),
      route('providers/:providerId/availability', 'routes/provider-slots.tsx'),
    ]),
    layout('routes/app-layout.tsx', [
      route('overview', 'routes/overview.tsx'),
      route('account', 'routes/account.tsx'),
      route('preference', 'routes/preference.tsx'),
      route('onboarding', 'routes/onboarding.tsx'),
      route('security', 'routes/security.tsx'),
      route('provider-availability', 'routes/provider-availability.tsx'),
      route('calendar', 'routes/calendar.tsx'),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;

export const formKeys = {
  all: ['forms'] as const,
  mine: () => ['forms', 'mine'] as const,
  one: (requestId: string) => ['forms', 'one', requestId] as const,
  overview: (clientId?: string) => ['forms', 'overview', clientId ?? 'all'] as const,
  progress: (clientId?: string) => ['forms', 'progress', clientId ?? 'mine'] as const,
  templates: () => ['forms', 'templates'] as const,
  template: (templateId: string) => ['forms', 'templates', templateId] as const,
  assignments: () => ['forms', 'assignments'] as const,
};

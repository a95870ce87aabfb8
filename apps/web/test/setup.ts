import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy/waitFor give up after 1 s by default: on a busy 2-core machine a screen that fetches three
// months in a row took longer than that and failed although it was right. What never appears still
// fails, only later.
configure({ asyncUtilTimeout: 5_000 });

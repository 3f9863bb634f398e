import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy chunks: on a loaded 2-core machine their first import can take over the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

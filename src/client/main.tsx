import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './app/api';
import { App } from './app/app';
import { bus } from './app/bus';
import { createQueryClient } from './app/query';
import { createAppRouter } from './app/router';
import { startAccounts } from './app/start-accounts';
import { startAgentCenter } from './app/start-agent-center';
import { startMemberCenter } from './app/start-member-center';
import { initI18n } from './lib/i18n';
import { startTheme } from './lib/theme';
import './app/styles/index.css';

startTheme();
const queryClient = createQueryClient();
startAccounts({ api, bus, queryClient });
startMemberCenter({ bus });
startAgentCenter({ bus });

void initI18n().then(() => {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App api={api} router={createAppRouter()} queryClient={queryClient} />
    </StrictMode>,
  );
});

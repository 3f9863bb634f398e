import { Outlet } from 'react-router-dom';

/** SHELL-18: the agent pages show only the agent view — no side menu, header, banner, footer or mini game. */
export function AgentLayout() {
  return (
    <div className="agent-site">
      <Outlet />
    </div>
  );
}

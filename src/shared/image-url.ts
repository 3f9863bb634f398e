const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** SHELL-52: a relative image path gets a host picked at random from the configured image CDNs. */
export const imageUrl = (path: string, cdns: readonly string[], random: () => number = Math.random): string => {
  if (ABSOLUTE_URL.test(path)) return path;
  const hosts = cdns.filter((host) => host.trim() !== '');
  const host = hosts[Math.floor(random() * hosts.length)];
  if (!host) return path;
  return `${host.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
};

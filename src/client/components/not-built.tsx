import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

/** A page or popup of the screen map that is not built yet says so, never "no data". */
export function NotBuilt() {
  const { t } = useTranslation('shell');
  return <EmptyState icon={Hammer} title={t('notBuilt.title')} text={t('notBuilt.text')} />;
}

import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '@client/components/screen-header';
import { PointsMall } from '@client/features/points/components/points-mall';
import { SignInPrompt } from '@client/app/shell/sign-in-prompt';

/** SHELL-13: the points mall (MEMBER-05..09), with the shell's log-in prompt for visitors. */
export default function PointMallScreen() {
  const { t } = useTranslation(['shell', 'points']);
  return (
    <div className="screen">
      <ScreenHeader icon={Store} title={t('shell:screens.pointMall')} subtitle={t('shell:screens.pointMallSubtitle')} />
      <PointsMall signIn={(text) => <SignInPrompt text={text} />} />
    </div>
  );
}

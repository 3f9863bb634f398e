import { useBus } from '@client/state/app-actor';
import { useApiQuery } from '@client/state/queries';
import { QueryStates } from '@client/components/records/query-states';
import { BankAccounts } from './bank-accounts';
import { PaymentPasswordForm } from './payment-password-form';
import { WithdrawForm } from './withdraw-form';
import { WithdrawalList } from './withdrawal-list';

/**
 * withdraw: a payment password first (when none is set), the bound bank accounts, the withdraw
 * form with the withdrawable balance, and the withdrawals with their confirmation.
 */
export function WithdrawPage() {
  const bus = useBus();
  const settings = useApiQuery('withdrawalSettings');
  const accounts = useApiQuery('bankAccounts');
  return (
    <div className="member-page">
      <QueryStates query={settings}>
        {(data) =>
          data.paymentPasswordSet ? (
            <>
              <QueryStates query={accounts}>
                {(list) => (
                  <div className="money-columns">
                    <WithdrawForm settings={data} accounts={list} />
                    <BankAccounts accounts={list} />
                  </div>
                )}
              </QueryStates>
              <WithdrawalList bus={bus} autoReceiveMinutes={data.autoReceiveMinutes} />
            </>
          ) : (
            <PaymentPasswordForm />
          )
        }
      </QueryStates>
    </div>
  );
}

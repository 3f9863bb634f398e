import type { Db } from '../db/create-db';

export interface AuditRecord {
  actorKind: 'operator' | 'member' | 'system';
  actorId: string;
  action: string;
  detail: Record<string, unknown>;
  ip: string;
}

/** Appends one audit row; call it inside the transaction of the change it records. */
export const writeAudit = async (trx: Db, record: AuditRecord): Promise<void> => {
  await trx
    .insertInto('audit_log')
    .values({
      actor_kind: record.actorKind,
      actor_id: record.actorId,
      action: record.action,
      detail: JSON.stringify(record.detail),
      ip: record.ip,
    })
    .execute();
};

/** The audit identity of a signed-in operator making a request from `ip`. */
export const operatorActor = (operator: { id: number }, ip: string): Pick<AuditRecord, 'actorKind' | 'actorId' | 'ip'> => ({
  actorKind: 'operator',
  actorId: String(operator.id),
  ip,
});

import { type AlertKind, alertLevelThreshold, capExpiresAt, type WebParameters } from '@flood/domain';
import type { Db } from '../../db/client';
import { claimDueCapRenewals, insertCapRenewal } from './alerts.repository';

export interface CapRenewalDeps {
  db: Db;
  webParameters: () => Promise<WebParameters>;
  now: () => Date;
}

/**
 * Renewal of the CAP messages of automatic alerts (#23, docs/cap-profile.md): every CAP message expires
 * (`capAlertLifetimeMinutes`), but an alert that stays open and confirmed must not vanish from the aggregators. So
 * when the newest message of such an alert expires within half the lifetime, an `Update` at the alert's level and
 * value now, with a new `expires`, is written (it references the earlier messages like any Update). The alerts are
 * claimed `FOR UPDATE SKIP LOCKED` and the insert checks the newest message again, in one transaction: two
 * processes never renew the same alert twice.
 */
export function createCapRenewal({ db, webParameters, now }: CapRenewalDeps) {
  return {
    /** Writes the renewals due now; how many alerts were renewed. */
    async check(): Promise<number> {
      const p = await webParameters();
      const t = now();
      const lifetime = p.capAlertLifetimeMinutes;
      const due = new Date(t.getTime() + (lifetime * 60_000) / 2);
      return db.transaction(async (tx) => {
        let renewed = 0;
        for (const { a, s } of await claimDueCapRenewals(tx, due)) {
          const written = await insertCapRenewal(
            tx,
            {
              alertId: a.id,
              level: a.level,
              value: a.value,
              sentAt: t,
              expiresAt: capExpiresAt('Update', t, lifetime),
              threshold: alertLevelThreshold(a.kind as AlertKind, a.level, s, p),
            },
            due,
          );
          if (written) renewed++;
        }
        return renewed;
      });
    },
  };
}
export type CapRenewal = ReturnType<typeof createCapRenewal>;

import { type SQL, sql } from 'drizzle-orm';

/** A mute rule's resource pattern as a LIKE expression: `*` matches any run, the rest literally. */
export function likeOf(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (c) => `\\${c}`).replaceAll('*', '%');
}

/** A `key=value` tag of a mute rule, split at the first `=`. */
export function splitTag(tag: string): { key: string; value: string } {
  const at = tag.indexOf('=');
  return { key: tag.slice(0, at), value: tag.slice(at + 1) };
}

/** Whether rule `r` (an alias of cloud_mute_rules) matches finding `cf` (of cloud_findings). */
export const ruleMatches = (r: string, cf: string): SQL =>
  sql.raw(`(${r}.organization_id = ${cf}.organization_id
    and (${r}.check_id is null or ${r}.check_id = ${cf}.check_id)
    and (${r}.resource_like is null or ${cf}.resource_id like ${r}.resource_like)
    and (${r}.tag_key is null or ${cf}.tags ->> ${r}.tag_key = ${r}.tag_value)
    and (${r}.account is null or ${r}.account = ${cf}.account)
    and (${r}.region is null or ${r}.region = ${cf}.region))`);

/**
 * The oldest unexpired mute rule matching the finding (`cloud_findings` unaliased), or null:
 * evaluated when read, so a rule's expiry needs no job.
 */
export const mutingRule = sql<string | null>`(
  select r.id from cloud_mute_rules r
  where ${ruleMatches('r', 'cloud_findings')} and r.expires_at > now()
  order by r.created_at limit 1)`;

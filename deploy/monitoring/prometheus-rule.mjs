// Copies the groups of portal-alerts.rules.yml into the PrometheusRule of the monitoring component
// (deploy/components/monitoring/portal-alerts.prometheusrule.yaml), below its `  groups:` line; the
// lines above it are the PrometheusRule's own and stay. Run it after changing the rules:
//   node deploy/monitoring/prometheus-rule.mjs
// The lines are copied as they are, indented one level, so comments and formatting come along.
import { readFileSync, writeFileSync } from 'node:fs';

const rulesFile = new URL('portal-alerts.rules.yml', import.meta.url);
const ruleFile = new URL('../components/monitoring/portal-alerts.prometheusrule.yaml', import.meta.url);

const rules = readFileSync(rulesFile, 'utf8').split('\n');
const groupsAt = rules.indexOf('groups:');
if (groupsAt < 0) throw new Error(`${rulesFile.pathname}: no 'groups:' line`);
const prometheusRule = readFileSync(ruleFile, 'utf8').split('\n');
const keepUpTo = prometheusRule.indexOf('  groups:');
if (keepUpTo < 0) throw new Error(`${ruleFile.pathname}: no '  groups:' line under spec`);

const groups = rules.slice(groupsAt + 1).map((line) => (line === '' ? '' : `  ${line}`));
writeFileSync(ruleFile, [...prometheusRule.slice(0, keepUpTo + 1), ...groups].join('\n'));

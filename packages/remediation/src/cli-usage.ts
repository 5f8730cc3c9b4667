// The CLI's help, in a module of its own so that `netguard-remediate --help` loads nothing else.
export const USAGE = `Usage: netguard-remediate <command> [options]

Runs NetGuard's remediation actions on a host over SSH: the dry run, the apply (the state
before it captured to a file first), the rollback from that file, and the verification.

Commands:
  actions [--check ID]        the catalogue, or the actions that fix findings of check ID
  dry-run --action ID SSH [--param K=V ...] [--playbook]
                              the diffs, then the shell script (--playbook: the Ansible
                              playbook) that would apply the action; changes nothing
  apply --action ID SSH [--param K=V ...] --execution-id ID --captured-out FILE
                              applies it; the state before is written to FILE (JSON, mode 600,
                              never overwritten) before anything changes; prints the step log
  rollback SSH --captured FILE --execution-id ID
                              puts back what FILE captured
  verify --host ADDR --port P --check ID
                              re-runs the check on ADDR:P: fixed, or the finding still there

SSH (dry-run, apply, rollback):
  --host ADDR                 the host (name or address)
  --port P                    its SSH port (default 22)
  --user NAME                 the user to sign in as
  --key FILE                  a private key file (OpenSSH or PEM) ...
  --passphrase-env VAR        ... and the environment variable holding its passphrase
  --password-env VAR          or the environment variable holding the password (also given
                              to sudo when it asks)
  --sudo                      run the commands through sudo
  --pin SHA256:...            the host key's fingerprint; a different key is refused before
                              signing in. Without it the key seen is printed (stderr) to pin

Action parameters (from the finding): --param port=21, --param webRoot=/var/www/html,
--param package=nginx. Secrets are never arguments: passwords come from the environment.

Options:
  --json                      JSON instead of text (actions: one action a line)
  -h, --help                  this help

Exit status: 0 done (verify: fixed), 1 the action failed or the finding is still there
(actions: none fixes the check), 2 usage error, 3 the host could not be reached or signed in
to (refused credentials, a host key other than the pinned one, unreachable).
`;

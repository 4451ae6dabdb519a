# Starts Debian's PostgreSQL cluster and exports TEST_DATABASE_URL for a throwaway test database.
start_postgres() {
  local version
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  if ! pg_lsclusters -h | grep -q online; then
    pg_ctlcluster "$version" main start || {
      pg_createcluster "$version" main >/dev/null
      pg_ctlcluster "$version" main start
    }
  fi
  su postgres -c "psql -qc \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='commonground') THEN CREATE ROLE commonground LOGIN PASSWORD 'commonground' CREATEDB; END IF; END \\\$\\\$;\""
  su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname='commonground_test'\" | grep -q 1 || createdb -O commonground commonground_test"
  export TEST_DATABASE_URL="postgres://commonground:commonground@127.0.0.1:5432/commonground_test"
}

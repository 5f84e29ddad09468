#!/bin/sh
# Captures Tests/Fixtures/Infer/httpbin/httpbin.har: httpbin (PyPI) under gunicorn on 127.0.0.1:18001, behind
# mitmproxy's mitmdump (PyPI) as a reverse proxy on 127.0.0.1:18002 writing the HAR. Loopback only.
#   python3 -m venv /tmp/harvenv && /tmp/harvenv/bin/pip install httpbin gunicorn mitmproxy
#   /tmp/harvenv/bin/gunicorn -b 127.0.0.1:18001 httpbin:app &
#   /tmp/harvenv/bin/mitmdump --mode reverse:http://127.0.0.1:18001 --listen-host 127.0.0.1 -p 18002 \
#       --set hardump=httpbin.har &
#   sh capture.sh; then stop mitmdump (it writes the HAR when it exits) and gunicorn.
set -e
B=http://127.0.0.1:18002
c() { curl -s -m 10 -o /dev/null "$@"; }
c "$B/get"
c "$B/get?page=2&q=shoes"
c -H "Authorization: Bearer s3cr3t-t0ken-abcdef" "$B/get?access_token=qwerty123456"
for i in 1 2 3 4 5; do c "$B/uuid"; done
c "$B/ip"
c "$B/user-agent"
c -H "Authorization: Bearer s3cr3t-t0ken-abcdef" "$B/headers"
c "$B/headers"
c -H "Authorization: Bearer s3cr3t-t0ken-abcdef" "$B/bearer"
c -u user:passwd "$B/basic-auth/user/passwd"
c "$B/json"
c "$B/json"
c -X POST -H "Content-Type: application/json" -d '{"name":"Ada","role":"admin"}' "$B/post"
c -X POST -H "Content-Type: application/json" -d '{"name":"Grace","role":"tester","age":85}' "$B/post"
c -X PUT -H "Content-Type: application/json" -d '{"done":true}' "$B/put"
c -X DELETE "$B/delete"
for id in 42 43 1001; do c "$B/anything/users/$id"; done
c "$B/anything/users/42/orders/7f3a9c21b8e4"
c "$B/cookies"
c -b "session=abc123secret" "$B/cookies"
c "$B/response-headers?freeform=hello"
c "$B/gzip"
c "$B/deflate"
c "$B/status/404"
c "$B/status/204"
c "$B/html"
c "$B/robots.txt"
c "$B/image/png"
c "$B/base64/SFRUUEJJTiBpcyBhd2Vzb21l"

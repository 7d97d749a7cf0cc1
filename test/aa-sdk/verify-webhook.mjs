// Verifies webhook deliveries of predict with the Standard Webhooks
// reference library (npm standardwebhooks), not with predict's code; run by
// cmd/predict's TestWebhookKill.
//
// stdin: a JSON array of {secret, headers, body}, body the exact bytes
// received (as a string). stdout: a JSON array with, for each delivery,
// null when it verifies, else the library's error message.
import { Webhook } from "standardwebhooks";

let input = "";
for await (const chunk of process.stdin) input += chunk;
const results = JSON.parse(input).map(({ secret, headers, body }) => {
  try {
    new Webhook(secret).verify(body, headers);
    return null;
  } catch (err) {
    return String(err && err.message ? err.message : err);
  }
});
process.stdout.write(JSON.stringify(results));

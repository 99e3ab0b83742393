// GET /health and GET /settings (GoTrue's HealthCheck and Settings).

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */

/** @returns {RouteResult} */
export function health() {
  return [200, { version: 'citable-local', name: 'GoTrue', description: 'GoTrue-compatible auth for the local Citable backend' }];
}

/** @param {AuthContext} ctx @returns {RouteResult} */
export function settings({ config }) {
  return [200, {
    external: {
      anonymous_users: false, apple: false, azure: false, bitbucket: false, discord: false, facebook: false,
      figma: false, fly: false, github: false, gitlab: false, google: false, keycloak: false, kakao: false,
      linkedin_oidc: false, notion: false, spotify: false, slack_oidc: false, workos: false, twitch: false,
      twitter: false, zoom: false, email: true, phone: false,
    },
    disable_signup: config.disableSignup,
    mailer_autoconfirm: !config.confirmEmail,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }];
}

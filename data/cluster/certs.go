package cluster

import (
	"encoding/base64"
	"strconv"
)

// caBundles checks the CA bundles that the API server trusts to call webhooks, aggregated APIs
// and conversion webhooks: a SHA-1-signed certificate in one is reported as in a PEM file (the
// same data/check rule), at the bundle's field.
func (s *scan) caBundles(id objectID, owner ownerRef, obj map[string]any) {
	check := func(path string, v any) {
		b64, _ := v.(string)
		if b64 == "" {
			return
		}
		pem, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return // the API server refuses such a bundle; nothing to report
		}
		fs, _ := s.sc.ScanDocument("caBundle.pem", pem)
		for _, f := range fs {
			f.Path = path
			s.groups.add(id, owner, f)
		}
	}
	switch id.kind {
	case "ValidatingWebhookConfiguration", "MutatingWebhookConfiguration":
		hooks, _ := obj["webhooks"].([]any)
		for i, h := range hooks {
			cc, _ := dig(h, "clientConfig").(map[string]any)
			check("webhooks["+strconv.Itoa(i)+"].clientConfig.caBundle", cc["caBundle"])
		}
	case "APIService":
		check("spec.caBundle", dig(obj, "spec", "caBundle"))
	case "CustomResourceDefinition":
		check("spec.conversion.webhook.clientConfig.caBundle",
			dig(obj, "spec", "conversion", "webhook", "clientConfig", "caBundle"))
	}
}

// dig follows keys through nested maps.
func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

package check

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"fmt"
)

// scanPEM checks each certificate of a PEM file for a SHA-1 signature. Keys and other blocks
// are passed over; a block that does not parse is noted.
func (c *fileCtx) scanPEM(b []byte) {
	rest := b
	line, counted := 1, 0 // the line of b[counted]: counting goes on from the last block
	for len(rest) > 0 {
		start := bytes.Index(rest, []byte("-----BEGIN"))
		if start < 0 {
			return
		}
		at := len(b) - len(rest) + start
		line += bytes.Count(b[counted:at], []byte("\n"))
		counted = at
		block, after := pem.Decode(rest[start:])
		if block == nil {
			c.note(NoteUnparsable, line, c.s.t.PEMBlock)
			return
		}
		rest = after
		if block.Type != "CERTIFICATE" {
			continue
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			c.note(NoteUnparsable, line, fmt.Sprintf(c.s.t.BadCertificate, err.Error()))
			continue
		}
		if cert.IsCA && bytes.Equal(cert.RawIssuer, cert.RawSubject) {
			continue // a root's own signature is never verified, so its hash does not matter
		}
		switch cert.SignatureAlgorithm {
		case x509.SHA1WithRSA, x509.DSAWithSHA1, x509.ECDSAWithSHA1:
			c.add(RuleSHA1Cert, line, 1, object{kind: "Certificate", name: cert.Subject.CommonName},
				fmt.Sprintf(c.s.t.SHA1Certificate,
					cert.Subject.CommonName, cert.Issuer.CommonName, cert.SignatureAlgorithm), "")
		}
	}
}

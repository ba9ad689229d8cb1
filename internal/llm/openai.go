package llm

import (
	"context"
	"errors"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// openaiClient speaks OpenAI-compatible chat completions. The service is
// built from explicit options only (not openai.NewClient, which would read
// OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_CUSTOM_HEADERS from the
// environment and could send the request, or extra headers, elsewhere).
type openaiClient struct {
	*base
	svc openai.ChatCompletionService
}

func newOpenAI(b *base) *openaiClient {
	opts := []option.RequestOption{
		option.WithBaseURL(b.cfg.BaseURL()),
		option.WithHTTPClient(b.http),
		option.WithMaxRetries(b.opts.MaxRetries),
		option.WithRequestTimeout(b.opts.Timeout),
	}
	if b.cfg.Key != "" {
		opts = append(opts, option.WithAPIKey(b.cfg.Key))
	}
	return &openaiClient{base: b, svc: openai.NewChatCompletionService(opts...)}
}

func (c *openaiClient) Chat(ctx context.Context, req Request) (Response, error) {
	if err := c.wait(ctx); err != nil {
		return Response{}, err
	}
	p := openai.ChatCompletionNewParams{Model: shared.ChatModel(c.cfg.Model)}
	if req.MaxTokens > 0 {
		// max_tokens, not max_completion_tokens: every OpenAI-compatible
		// server (Ollama, llama.cpp, vLLM, Groq) understands it.
		p.MaxTokens = openai.Int(int64(req.MaxTokens))
	}
	if req.System != "" {
		p.Messages = append(p.Messages, openai.SystemMessage(req.System))
	}
	for _, m := range req.Messages {
		switch m.Role {
		case "user":
			p.Messages = append(p.Messages, openai.UserMessage(m.Text))
		case "tool":
			p.Messages = append(p.Messages, openai.ToolMessage(m.Text, m.ToolCallID))
		case "assistant":
			a := openai.ChatCompletionAssistantMessageParam{}
			if m.Text != "" {
				a.Content.OfString = openai.String(m.Text)
			}
			for _, tc := range m.ToolCalls {
				a.ToolCalls = append(a.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
					OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{
						ID:       tc.ID,
						Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: tc.Name, Arguments: tc.Args},
					},
				})
			}
			p.Messages = append(p.Messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &a})
		}
	}
	for _, t := range req.Tools {
		p.Tools = append(p.Tools, openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
			Name:        t.Name,
			Description: openai.String(t.Description),
			Parameters:  schema(t),
		}))
	}
	resp, err := c.svc.New(ctx, p)
	if err != nil {
		var ae *openai.Error
		var api *apiError
		if errors.As(err, &ae) {
			msg := ae.Message
			if msg == "" {
				msg = providerMessage(ae.RawJSON())
			}
			api = &apiError{status: ae.StatusCode, message: msg}
		}
		return Response{}, c.classify(err, api)
	}
	if len(resp.Choices) == 0 {
		return Response{}, c.classify(errors.New("EOF: no choices"), nil)
	}
	msg := resp.Choices[0].Message
	out := Response{Text: msg.Content, Tokens: int(resp.Usage.TotalTokens)}
	for _, tc := range msg.ToolCalls {
		name, args := tc.Function.Name, tc.Function.Arguments
		if tc.Type == "custom" {
			name, args = tc.Custom.Name, tc.Custom.Input
		}
		out.ToolCalls = append(out.ToolCalls, ToolCall{ID: tc.ID, Name: name, Args: args})
	}
	return out, nil
}

// schema is a tool's JSON schema: an object of string parameters.
func schema(t Tool) map[string]any {
	props := map[string]any{}
	for name, desc := range t.Properties {
		props[name] = map[string]any{"type": "string", "description": desc}
	}
	req := t.Required
	if req == nil {
		req = []string{}
	}
	return map[string]any{"type": "object", "properties": props, "required": req}
}

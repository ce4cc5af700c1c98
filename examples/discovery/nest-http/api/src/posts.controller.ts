import { Body, Controller, Get, Param, Post, Put, Query } from "@nestjs/common";

@Controller("posts")
export class ArticlesController {
	@Get("/")
	listPosts(@Query("week") week: string) {
		return { week };
	}

	@Get("/list")
	listAll() {
		return [];
	}

	@Get("/:id")
	getPost(@Param("id") id: string) {
		return { id };
	}

	@Post("/")
	createPost(@Body() body: unknown) {
		return body;
	}

	@Put("/:id")
	updatePost(@Param("id") id: string, @Body() body: unknown) {
		return { id, body };
	}
}
